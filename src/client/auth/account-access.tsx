// The 'Account Access' card: Login (default) and Sign Up tabs, used on /auth and on /register. The tabs follow the WAI-ARIA
// tabs pattern (arrow keys, Home/End, one tab stop) in a few lines of our own: this card is on the first page a visitor
// loads, where a tabs library would weigh more than the card itself.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

const TABS = [
  { value: 'login', label: 'Login' },
  { value: 'signup', label: 'Sign Up' },
] as const;
type Tab = (typeof TABS)[number]['value'];

export const REGISTER_INTRO = 'Log in, or create an account to register your team.';
export const BID_INTRO = 'Log in, or create an account to bid.';

/** `intro`: what the account is for here (registering a team, or bidding when the visitor came from a lot); null: the page says it. */
export function AccountAccess({ headingLevel = 2, intro = REGISTER_INTRO }: { headingLevel?: 1 | 2; intro?: string | null }) {
  const [tab, setTab] = useState<Tab>('login');
  const id = useId();
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.value === tab);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = TABS[(next + TABS.length) % TABS.length].value;
    setTab(target);
    tabRefs.current[target]?.focus();
  }

  return (
    <Card className="w-full max-w-md">
      <Heading className="text-xl font-semibold">Account Access</Heading>
      {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      <div
        role="tablist"
        aria-label="Account access"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="mt-5 flex gap-1 rounded-lg bg-stone-100 p-1"
      >
        {TABS.map(({ value, label }) => (
          <button
            key={value}
            ref={(node) => void (tabRefs.current[value] = node)}
            type="button"
            role="tab"
            id={`${id}-${value}-tab`}
            aria-selected={tab === value}
            aria-controls={`${id}-${value}-panel`}
            tabIndex={tab === value ? 0 : -1}
            onClick={() => setTab(value)}
            className={cn(
              'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-stone-700',
              tab === value && 'bg-white text-stone-950 shadow-sm',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`} tabIndex={0} className="mt-5">
        {tab === 'login' ? <LoginForm /> : <SignUpForm onConfirmationNeeded={() => setTab('login')} />}
      </div>
    </Card>
  );
}
