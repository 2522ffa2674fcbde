// Beside a payment record's state: the team's own status when the two differ. Registration "on hold" leaves the team on
// Hold and its record In Progress on purpose (spec §4, docs/decisions/007); without this line the ledger and the Teams
// page read as contradicting each other.
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '../../shared/payment-status';

export function TeamStatusNote({ teamStatus, state }: { teamStatus: PaymentStatus; state: PaymentStatus }) {
  if (teamStatus === state) return null;
  return <span className="mt-0.5 block text-xs text-stone-600">Team: {PAYMENT_STATUS_LABELS[teamStatus]}</span>;
}
