// /register/scores/:teamId: a team leader enters their own team's scores (R21) from the dashboard's team card. The server
// refuses another leader's team (R9); the refusal is shown here as it comes.
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams } from '../router';
import { useMe } from '../auth/session';
import { PageSpinner } from '../ui/spinner';
import { ScoreEntry } from './score-entry';

export function TeamScoresPage() {
  const { teamId = '' } = useParams();
  const { data: me, isPending } = useMe();
  if (isPending) return <PageSpinner />;
  if (!me) return <Navigate to="/register" replace />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 pt-6 sm:px-6 sm:pt-8">
      <title>Score Entry · Golf Tournament</title>
      <Link
        to="/register"
        className="flex w-fit items-center gap-1 text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Your teams
      </Link>
      <h1 className="-mt-2 text-2xl font-bold sm:text-3xl">Score Entry</h1>
      <ScoreEntry teamId={teamId} />
    </div>
  );
}
