// /admin/score-entry (staff, R8, R21): pick a tournament, then any of its teams, and enter or correct its scores. The choice
// lives in the address (?tournament=…&team=…; docs/decisions/102), so a reload or a shared link opens the same sheet. The tournament's
// starting sheet and scorecards are a click away (moderators have no Tournaments page).
import { startingHoleLabel, type StartGroup } from '../../shared/tournament-day';
import { ClipboardList, FileText } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { AdminHeading } from '../admin/admin-heading';
import { TournamentPicker } from '../admin/tournament-picker';
import { Link, useSearchParams } from '../router';
import { Button } from '../ui/button';
import { SelectField } from '../ui/select-field';
import { ChoicesState, useChosenScoringTournament } from './chosen-tournament';
import { LEAVE_UNSAVED, ScoreEntry } from './score-entry';

const holeNote = (startingHole: number | null, group: StartGroup | null) =>
  startingHole != null ? ` (hole ${startingHoleLabel(startingHole, group)})` : '';

export function ScoreEntryPage() {
  const { choices, tournament, picker, choose } = useChosenScoringTournament();
  const [params, setParams] = useSearchParams();
  const team = tournament?.teams.find((t) => t.teamId === params.get('team'));

  const unsaved = useRef(false);
  const setUnsaved = useCallback((value: boolean) => {
    unsaved.current = value;
  }, []);

  // Another team's sheet replaces this one: typed scores not yet saved would be lost, so ask first.
  const leaving = () => !unsaved.current || window.confirm(LEAVE_UNSAVED);
  const chooseTeam = (tournamentId: string, teamId: string) => {
    if (leaving()) setParams(teamId ? { tournament: tournamentId, team: teamId } : { tournament: tournamentId });
  };

  return (
    <div className="flex flex-col gap-5">
      <AdminHeading title="Score Entry">
        Enter or correct any team's strokes, 1 to 15 in each box (a player's, or in a scramble the team's, score on a hole); an empty box is
        no score.
      </AdminHeading>

      <ChoicesState choices={choices} />

      {tournament ? (
        <>
          {/* One column on a phone; SelectField itself may shrink below its longest option (a long team name). */}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:items-end">
            <TournamentPicker {...picker} className="" onChange={(id) => leaving() && choose(id)} />
            <SelectField
              label="Team"
              value={team?.teamId ?? ''}
              onChange={(e) => chooseTeam(tournament.id, e.target.value)}
              disabled={tournament.teams.length === 0}
            >
              <option value="">{tournament.teams.length === 0 ? 'No teams registered' : 'Choose a team'}</option>
              {tournament.teams.map((t) => (
                <option key={t.teamId} value={t.teamId}>
                  {t.teamName}
                  {holeNote(t.startingHole, t.startGroup)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" size="sm">
              <Link to={`/admin/tournaments/${tournament.id}/starting-sheet`}>
                <ClipboardList aria-hidden className="size-4" />
                Starting Sheet
              </Link>
            </Button>
            <Button asChild variant="secondary" size="sm">
              <Link to={`/admin/tournaments/${tournament.id}/scorecards`}>
                <FileText aria-hidden className="size-4" />
                Scorecards
              </Link>
            </Button>
          </div>
          {team ? <ScoreEntry teamId={team.teamId} onUnsavedChange={setUnsaved} /> : null}
        </>
      ) : null}
    </div>
  );
}
