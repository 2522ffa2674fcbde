// A team's score history in the staff score report (R32): every change to a cell, oldest first, with the golfer,
// the hole, the strokes before and after, who made it and when. Two scorers' values for one hole both show here.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../lib/format';
import { SelectField } from '../ui/select-field';
import { ListState, Table, Td, Th, Tr } from '../ui/table';
import { scoreHistoryQuery } from './queries';

const strokes = (value: number | null) => (value === null ? '—' : String(value));

export function ScoreHistory({ teams }: { teams: { teamId: string; teamName: string }[] }) {
  const [teamId, setTeamId] = useState('');
  const chosen = teams.find((t) => t.teamId === teamId);
  const history = useQuery(scoreHistoryQuery(chosen?.teamId ?? ''));
  return (
    <section aria-labelledby="score-history" className="flex flex-col gap-3">
      <div>
        <h2 id="score-history" className="text-lg font-semibold">
          Score history
        </h2>
        <p className="text-sm text-stone-600">Every change to a team’s scores: who entered what, and when, whichever phone it came from.</p>
      </div>
      <SelectField
        label="Team history"
        className="min-w-0 sm:w-80"
        value={chosen?.teamId ?? ''}
        onChange={(e) => setTeamId(e.target.value)}
      >
        <option value="">Choose a team</option>
        {teams.map((t) => (
          <option key={t.teamId} value={t.teamId}>
            {t.teamName}
          </option>
        ))}
      </SelectField>
      {chosen ? (
        history.data ? (
          history.data.events.length === 0 ? (
            <p className="py-4 text-stone-600">No score changes for {chosen.teamName} yet.</p>
          ) : (
            <Table caption={`Score changes of ${chosen.teamName}`}>
              <thead>
                <tr>
                  <Th>When</Th>
                  <Th>Golfer</Th>
                  <Th className="text-right">Hole</Th>
                  <Th className="text-right">From</Th>
                  <Th className="text-right">To</Th>
                  <Th>By</Th>
                </tr>
              </thead>
              <tbody>
                {history.data.events.map((event, i) => (
                  <Tr key={i}>
                    <Td className="whitespace-nowrap">{formatDateTime(event.at)}</Td>
                    <Td>{event.playerName ?? 'Team'}</Td>
                    <Td className="text-right tabular-nums">{event.holeNumber}</Td>
                    <Td className="text-right tabular-nums">{strokes(event.oldStrokes)}</Td>
                    <Td className="text-right font-semibold tabular-nums">{strokes(event.newStrokes)}</Td>
                    <Td>{event.by ?? 'A deleted account'}</Td>
                  </Tr>
                ))}
              </tbody>
            </Table>
          )
        ) : (
          <ListState
            loading={history.isPending}
            error={history.isError}
            empty={false}
            emptyText=""
            errorText="Failed to load the score history."
            onRetry={() => void history.refetch()}
          />
        )
      ) : null}
    </section>
  );
}
