import { CalendarCheck, ClipboardList, Users } from '../ui/shell-icons';
import { Link } from '../router';
import { Button } from '../ui/button';

const FEATURES = [
  { icon: Users, title: 'Register your foursome', text: 'Sign up, pick a sponsorship level and enter your four players in a few minutes.' },
  { icon: ClipboardList, title: 'Pay now or hold', text: 'Pay when you register, or hold your place for 72 hours while we confirm.' },
  { icon: CalendarCheck, title: 'Edit until the day before', text: 'Change team and player details until the day before the tournament.' },
];

export function HomePage() {
  return (
    <>
      <title>Golf Tournament Registration</title>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">Golf Tournament Registration</h1>
          <p className="max-w-2xl text-lg text-brand-100">
            Register your team for the charity golf tournament, manage your players and payments, and check in on the day.
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            <Button asChild size="lg" variant="light">
              <Link to="/register">Register Your Team</Link>
            </Button>
            <Link to="/leaderboard" className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
              Live leaderboard
            </Link>
            <Link to="/give" className="font-semibold text-white underline underline-offset-4 hover:text-brand-100">
              Give
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
        <h2 id="how-it-works" className="text-xl font-semibold">
          How it works
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-stone-200 bg-white p-5">
              <Icon aria-hidden className="size-6 text-brand-700" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-stone-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
