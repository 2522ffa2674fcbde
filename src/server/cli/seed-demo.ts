// `npm run seed:demo`: fills an empty database (the one the settings select) with a demo tournament, course and sponsorship levels.
// It refuses, changing nothing, when the database already holds tournament data.
import { databaseName, loadConfig, type Config } from '../config';
import { seedDemo, type DemoSummary } from '../demo/demo-data';
import { openCliDatabase, parseFlags, runCli } from './args';

const USAGE = 'npm run seed:demo';

/** Today's calendar date (YYYY-MM-DD) in the tournament's time zone. */
export function localDate(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function describeDemo(summary: DemoSummary, config: Config, where: string): string {
  const money = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: config.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const day = new Date(`${summary.tournament.startDate}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const levels = summary.levels.map(
    (l) => `    ${l.name.padEnd(15)} ${money.format(l.priceCents / 100).padStart(11)}  ${l.places} ${l.places === 1 ? 'place' : 'places'}`,
  );
  return [
    `Demo data created in ${where}:`,
    `  Tournament: ${summary.tournament.name}, ${day} (active, up to ${summary.tournament.maxTeams} teams)`,
    `  Course: ${summary.course.name}, ${summary.course.holes} holes, par ${summary.course.par}`,
    `  Sponsorship levels:`,
    ...levels,
    `  Today's outing: ${summary.outing.name} (scramble, net scoring), ${summary.outing.teams} teams drawn two to a hole,`,
    `    ${summary.outing.teamsWithScores} with scores: see the live board at ${config.appUrl}/leaderboard`,
    `    ${summary.fundraising.gifts} gifts (${money.format(summary.fundraising.giftCents / 100)}) towards a ${money.format(summary.fundraising.goalCents / 100)} goal: see ${config.appUrl}/give`,
    `    Silent auction: ${summary.auction.lots} lots, ${summary.auction.lotsWithBids} with bids; '${summary.auction.closingSoon}' closes in minutes,`,
    `    '${summary.auction.closed.title}' is won by bidder #${summary.auction.closed.winnerNumber} (Admin → Auction Results); a paddle raise with ${summary.auction.pledges} pledges`,
    `  Golfers who answer for themselves: ${summary.golfers.answered} answered, ${summary.golfers.waiting} not yet (Admin → Golfer Answers)`,
    `  Singles waiting for a team: ${summary.singles} at the Foursome level (Admin → Pairing)`,
    `Next: npm start, then sign up and register a team at ${config.appUrl}/register.`,
    `For the admin area: npm run create-admin -- --email you@example.org --password 'a-long-password'`,
  ].join('\n');
}

async function main(argv: string[]) {
  parseFlags(argv, []);
  const config = loadConfig();
  const database = await openCliDatabase(config);
  try {
    const summary = await seedDemo(database.db, { today: localDate(config.timeZone) });
    const where = databaseName(config);
    console.log(describeDemo(summary, config, where));
  } finally {
    await database.close();
  }
}

await runCli(USAGE, () => main(process.argv.slice(2)));
