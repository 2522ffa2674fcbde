// The tournament form as a tester fills it in, for the schema's tests (tournament-schemas.ts): a one-day stroke play with
// nothing optional given, `change` over it.
import { tournamentFormSchema } from './tournament-schemas';

export const parseTournamentForm = (change: Record<string, unknown>) =>
  tournamentFormSchema.safeParse({
    name: 'Spring Classic',
    startDate: '2027-04-16',
    endDate: '',
    maxTeams: '',
    active: true,
    courseId: '',
    format: 'stroke',
    bestBalls: '1',
    netScoring: false,
    singleGroupHoles: '',
    levels: [],
    goal: '',
    cause: '',
    schedule: '',
    address: '',
    ...change,
  });
