// The columns every read of a tournament starts from (the admin list and form, the draw and the score sheets), selected
// the same way everywhere.
import { tournaments } from '../db/schema';

export const tournamentSummary = {
  id: tournaments.id,
  name: tournaments.name,
  startDate: tournaments.startDate,
  endDate: tournaments.endDate,
  active: tournaments.active,
};
