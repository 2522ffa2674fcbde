// 'Join the waitlist' for a sold-out level (R25): how many teams, and the contact the offer goes to.
import { useEffect, useRef, useState } from 'react';
import { atMostTeamsMessage, joinWaitlistSchema, JOIN_WAITLIST_LABEL } from '../../shared/waitlist-schemas';
import { useMe } from '../auth/session';
import { errorMessage } from '../lib/api';
import { notify } from '../lib/toast';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { OfferedLevel } from './queries';
import { useJoinWaitlist } from './waitlist-queries';

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

export function WaitlistJoin({ level, onDone }: { level: OfferedLevel; onDone: () => void }) {
  const { data: me } = useMe();
  const join = useJoinWaitlist();
  const [values, setValues] = useState({
    teamsWanted: '1',
    contactName: me ? [me.profile?.firstName, me.profile?.lastName].filter(Boolean).join(' ') : '',
    contactEmail: me?.user.email ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The form opens below the list of levels: on a phone that is a screen or more away from the button pressed, so bring it
  // into view with the cursor in its first field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'center' });
    form.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  // Typing in a field clears its message; the next Join checks again.
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = joinWaitlistSchema.safeParse({ ...values, sponsorshipLevelId: level.id });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    if (parsed.data.teamsWanted > level.maxTeams) return setErrors({ teamsWanted: atMostTeamsMessage(level.maxTeams) });
    setErrors({});
    join.mutate(parsed.data, {
      onSuccess: ({ position }) => {
        notify.success(`You are on the waitlist for ${level.name}: ${ordinal(position)} in line`);
        onDone();
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to join the waitlist')),
    });
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      aria-label={`${JOIN_WAITLIST_LABEL}: ${level.name}`}
      className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-stone-50 p-4"
    >
      <p className="text-sm text-stone-700">
        <strong>{level.name}</strong> is sold out. Join the waitlist: when places free up, the first in line gets an e-mail and the places
        are kept for them for 24 hours.
      </p>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr]">
        <Field label="Teams" inputMode="numeric" value={values.teamsWanted} onChange={set('teamsWanted')} error={errors.teamsWanted} />
        <Field
          label="Contact name"
          value={values.contactName}
          onChange={set('contactName')}
          error={errors.contactName}
          autoComplete="name"
        />
        <Field
          label="Contact email"
          type="email"
          value={values.contactEmail}
          onChange={set('contactEmail')}
          error={errors.contactEmail}
          autoComplete="email"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? 'Joining…' : JOIN_WAITLIST_LABEL}
        </Button>
      </div>
    </form>
  );
}
