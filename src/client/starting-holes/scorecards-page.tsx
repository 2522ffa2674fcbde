// /admin/tournaments/:id/scorecards (staff): one paper scorecard per team to hand out at check-in: the course, holes and
// pars, the players, the starting hole, and blank cells for strokes and totals. Printed, each card takes a page; the holes
// come in rows of nine so an 18- or 36-hole card still fits the width of A4 or Letter.
import { useQuery } from '@tanstack/react-query';
import { useParams } from '../router';
import { formatLabel, type Format } from '../../shared/formats';
import { startingHoleLabel, type HolePar } from '../../shared/tournament-day';
import type { Scorecard, Scorecards } from './queries';
import { formatDateRange, fullName } from '../lib/format';
import { PrintButton } from './print-button';
import { PrintablePage } from './printable-page';
import { scorecardsQuery } from './queries';

const NINE = 9;

function nines(holes: HolePar[]): HolePar[][] {
  const rows: HolePar[][] = [];
  for (let i = 0; i < holes.length; i += NINE) rows.push(holes.slice(i, i + NINE));
  return rows;
}

const sumPar = (holes: HolePar[]) => holes.reduce((total, hole) => total + hole.par, 0);
const cell = 'border border-stone-500 px-1 text-center print:border-black';
const blank = `${cell} h-10`;

interface NineProps {
  holes: HolePar[];
  card: Scorecard;
  withTotal: boolean;
  allHoles: HolePar[];
  /** A scramble card has one row, Team (R28). */
  format: Format;
}

function NineTable({ holes, card, withTotal, allHoles, format }: NineProps) {
  const span = `${holes[0]!.number}–${holes.at(-1)!.number}`;
  return (
    // Focusable, so a keyboard can scroll the holes sideways on a phone.
    <div tabIndex={0} role="group" aria-label={`${card.teamName}: holes ${span}`} className="overflow-x-auto print:overflow-visible">
      {/* Fixed layout, one set of column widths: the nines stack with their name and hole columns aligned (an automatic
          layout sized each nine's columns by its own content, and only the last nine has a Total). */}
      <table className="w-full min-w-[40rem] table-fixed border-collapse text-sm">
        <caption className="sr-only">
          {card.teamName}: holes {span}
        </caption>
        <colgroup>
          <col className="w-36" />
          {holes.map((hole) => (
            <col key={hole.number} />
          ))}
          <col className="w-16" />
          <col className="w-16" />
        </colgroup>
        <thead>
          <tr className="bg-stone-100 print:bg-transparent">
            <th scope="col" className={`${cell} text-left`}>
              Hole
            </th>
            {holes.map((hole) => (
              <th key={hole.number} scope="col" className={`${cell} font-bold`}>
                {hole.number}
              </th>
            ))}
            <th scope="col" className={`${cell} whitespace-nowrap px-2`}>
              {span}
            </th>
            {withTotal ? (
              <th scope="col" className={`${cell} px-2`}>
                Total
              </th>
            ) : (
              <td aria-hidden className="border-0" />
            )}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className={`${cell} text-left font-medium`}>
              Par
            </th>
            {holes.map((hole) => (
              <td key={hole.number} className={cell}>
                {hole.par}
              </td>
            ))}
            <td className={cell}>{sumPar(holes)}</td>
            {withTotal ? <td className={cell}>{sumPar(allHoles)}</td> : <td aria-hidden className="border-0" />}
          </tr>
          {holes.some((hole) => hole.strokeIndex != null) ? (
            <tr>
              <th scope="row" className={`${cell} text-left font-medium`}>
                Stroke index
              </th>
              {holes.map((hole) => (
                <td key={hole.number} className={`${cell} text-xs`}>
                  {hole.strokeIndex ?? ''}
                </td>
              ))}
              <td aria-hidden className="border-0" />
              <td aria-hidden className="border-0" />
            </tr>
          ) : null}
          {(format === 'scramble'
            ? [{ key: 'team', name: 'Team' }]
            : [...card.players.map((player) => ({ key: player.id, name: fullName(player) })), { key: 'team', name: 'Team' }]
          ).map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${cell} text-left ${row.key === 'team' ? 'font-bold' : 'font-medium'}`}>
                {row.name}
              </th>
              {holes.map((hole) => (
                <td key={hole.number} className={blank} />
              ))}
              <td className={blank} />
              {withTotal ? <td className={blank} /> : <td aria-hidden className="border-0" />}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ScorecardSheet({ card, data }: { card: Scorecard; data: Scorecards & { course: NonNullable<Scorecards['course']> } }) {
  const rows = nines(data.course.holes);
  const headingId = `scorecard-${card.teamId}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex break-inside-avoid break-after-page flex-col gap-4 rounded-lg border border-stone-300 bg-white p-4 last:break-after-auto sm:p-6 print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex items-start justify-between gap-4 border-b-2 border-stone-800 pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold">
            {card.teamName}
          </h2>
          <p className="text-sm text-stone-700 print:text-black">
            {data.tournament.name} · {formatDateRange(data.tournament.startDate, data.tournament.endDate)}
          </p>
          <p className="text-sm text-stone-700 print:text-black">
            {data.course.name} · {formatLabel(data.rules)}
          </p>
          {data.rules.format === 'scramble' ? (
            <p className="text-sm text-stone-700 print:text-black">{card.players.map(fullName).join(', ')}</p>
          ) : null}
        </div>
        <div className="shrink-0 rounded-md border-2 border-stone-800 px-3 py-1 text-center">
          <p className="text-xs font-semibold">Starting hole</p>
          <p className="text-3xl font-bold tabular-nums">
            {card.startingHole != null ? startingHoleLabel(card.startingHole, card.startGroup) : '—'}
          </p>
        </div>
      </header>
      {rows.map((holes, i) => (
        <NineTable
          key={holes[0]!.number}
          holes={holes}
          card={card}
          withTotal={i === rows.length - 1}
          allHoles={data.course.holes}
          format={data.rules.format}
        />
      ))}
      <div className="mt-2 grid grid-cols-2 gap-6 text-sm">
        <p className="border-t border-stone-800 pt-1">Scorer</p>
        <p className="border-t border-stone-800 pt-1">Attested</p>
      </div>
    </article>
  );
}

export function ScorecardsPage() {
  const { id = '' } = useParams();
  const cards = useQuery(scorecardsQuery(id));
  const data = cards.data;
  const course = data?.course ?? null;

  const count = data?.teams.length ?? 0;
  return (
    <PrintablePage
      title="Scorecards"
      query={cards}
      tournamentName={data?.tournament.name}
      summary={`${count} ${count === 1 ? 'card' : 'cards'}, one page each when printed`}
      actions={course && count ? <PrintButton /> : null}
      failure="Failed to load the scorecards"
      empty={Boolean(data && (!course || data.teams.length === 0))}
      emptyText={
        !course ? 'This tournament has no golf course yet: scorecards list its holes and pars.' : 'No teams registered for this tournament.'
      }
      back={{ to: `/admin/tournaments/${id}/starting-sheet`, label: 'Back to the Starting Sheet' }}
    >
      {data && course ? (
        // Their own box, so the last card is the last child: it alone does not start a blank page after it.
        <div className="flex flex-col gap-5">
          {data.teams.map((card) => (
            <ScorecardSheet key={card.teamId} card={card} data={{ ...data, course }} />
          ))}
        </div>
      ) : null}
    </PrintablePage>
  );
}
