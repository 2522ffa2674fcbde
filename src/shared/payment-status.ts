// Payment statuses and their labels, the same on every screen (R15, R24).
/** Every status a team or payment record can have; `expired` is set only by the server when a hold runs out (R24). */
export const PAYMENT_STATUSES = ['pending', 'hold', 'in_progress', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The statuses an admin may choose (R15); an expired team comes back through 'Reinstate', which checks the places left. */
/** The statuses a card can still pay: every Checkout (teams, items, lots) and the fee a payer may cover on them (R23, R58). */
export const PAYABLE_STATUSES = ['pending', 'hold', 'in_progress'] as const satisfies readonly PaymentStatus[];
export const isPayable = (status: string): boolean => (PAYABLE_STATUSES as readonly string[]).includes(status);

export const SETTABLE_PAYMENT_STATUSES = ['pending', 'hold', 'in_progress', 'paid'] as const satisfies readonly PaymentStatus[];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  in_progress: 'In Progress',
  pending: 'Pending',
  hold: 'Hold',
  expired: 'Expired',
};

/** Kinds of entries in a payment's history (R26). */
export const PAYMENT_EVENT_LABELS = {
  registered: 'Registered',
  status: 'Status changed by staff',
  card: 'Card payment received',
  refund: 'Refunded',
  expired: 'Expired (deadline passed)',
  extended: 'Deadline extended',
  reinstated: 'Reinstated',
} as const;
export type PaymentEventKind = keyof typeof PAYMENT_EVENT_LABELS;
