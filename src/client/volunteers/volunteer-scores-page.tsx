// A volunteer's score entry (R60), for the one tournament in the address: a team of that tournament, then its card. Any
// other tournament is refused by the server; the page only offers what the grant allows. Check-in, the other kind of
// work, is a page of its own (volunteer-check-in-page.tsx): score entry's schemas are no part of its first load (R61).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { startingHoleLabel } from '../../shared/tournament-day';
import { useParams, useSearchParams } from '../router';
import { scoreEntryChoicesQuery } from '../scoring/queries';
import { LEAVE_UNSAVED, ScoreEntry } from '../scoring/score-entry';
import { SelectField } from '../ui/select-field';
import { ListState } from '../ui/table';
import { NotYours, VolunteerFrame } from './volunteer-frame';

export function VolunteerScoresPage() {
  const { tournamentId = '' } = useParams();
  return (
    <VolunteerFrame title="Score entry">
      {(grants) =>
        grants.some((g) => g.tournamentId === tournamentId && g.role === 'scorer') ? (
          <TeamScores tournamentId={tournamentId} />
        ) : (
          <NotYours />
        )
      }
    </VolunteerFrame>
  );
}

function TeamScores({ tournamentId }: { tournamentId: string }) {
  const choices = useQuery(scoreEntryChoicesQuery);
  const tournament = choices.data?.tournaments.find((t) => t.id === tournamentId);
  const [params, setParams] = useSearchParams();
  const team = tournament?.teams.find((t) => t.teamId === params.get('team'));
  const unsaved = useRef(false);
  const setUnsaved = useCallback((value: boolean) => {
    unsaved.current = value;
  }, []);
  const chooseTeam = (teamId: string) => {
    if (!unsaved.current || window.confirm(LEAVE_UNSAVED)) setParams(teamId ? { team: teamId } : {});
  };
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Score entry</h1>
      <ListState
        loading={choices.isPending}
        error={choices.isError}
        empty={choices.isSuccess && !tournament}
        emptyText="This tournament is not open for scores."
        onRetry={() => void choices.refetch()}
      />
      {tournament ? (
        <>
          <p className="text-sm text-stone-700">{tournament.name}: choose a team, then enter its strokes, 1 to 15 in each box.</p>
          <SelectField
            label="Team"
            className="max-w-md"
            value={team?.teamId ?? ''}
            onChange={(e) => chooseTeam(e.target.value)}
            disabled={tournament.teams.length === 0}
          >
            <option value="">{tournament.teams.length === 0 ? 'No teams registered' : 'Choose a team'}</option>
            {tournament.teams.map((t) => (
              <option key={t.teamId} value={t.teamId}>
                {t.teamName}
                {t.startingHole != null ? ` (hole ${startingHoleLabel(t.startingHole, t.startGroup)})` : ''}
              </option>
            ))}
          </SelectField>
          {team ? <ScoreEntry teamId={team.teamId} onUnsavedChange={setUnsaved} /> : null}
        </>
      ) : null}
    </div>
  );
}
