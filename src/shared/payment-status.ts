// Payment statuses and their labels, the same on every screen (R15).
export const PAYMENT_STATUSES = ['pending', 'hold', 'in_progress', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  in_progress: 'In Progress',
  pending: 'Pending',
  hold: 'Hold',
};
