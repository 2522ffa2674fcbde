// The option lists that several selects share, so a filter and a form offer the same choices in the same words.
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, SETTABLE_PAYMENT_STATUSES } from '../../shared/payment-status';

/** An empty first choice ('All tournaments', 'Any status') when the select is a filter. */
const AnyOption = ({ label }: { label?: string }) => (label == null ? null : <option value="">{label}</option>);

/** One option per named thing (tournaments, teams), its id the value. */
export function NamedOptions({ items, anyLabel }: { items: readonly { id: string; name: string }[] | undefined; anyLabel?: string }) {
  return (
    <>
      <AnyOption label={anyLabel} />
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name}
        </option>
      ))}
    </>
  );
}

/** One option per value of a fixed list (formats, roles, sizes), shown by its label; without labels the value is its own. */
export function LabelledOptions<V extends string>({
  values,
  labels,
  anyLabel,
}: {
  values: readonly V[];
  labels?: Readonly<Record<V, string>>;
  anyLabel?: string;
}) {
  return (
    <>
      <AnyOption label={anyLabel} />
      {values.map((value) => (
        <option key={value} value={value}>
          {labels ? labels[value] : value}
        </option>
      ))}
    </>
  );
}

/** Every payment status, by its label; `settable` leaves out Expired, which only the server sets (R24). */
export function PaymentStatusOptions({ anyLabel, settable }: { anyLabel?: string; settable?: boolean }) {
  return (
    <LabelledOptions values={settable ? SETTABLE_PAYMENT_STATUSES : PAYMENT_STATUSES} labels={PAYMENT_STATUS_LABELS} anyLabel={anyLabel} />
  );
}
