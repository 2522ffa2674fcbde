// A volunteer's check-in (R60): the Golfers page for the one tournament in the address, its tournament only; any other is
// refused by the server, and the page offers only what the grant allows. A module of its own, apart from score entry, so
// the page's first load is the Golfers page's alone: at most 120 KB gzip (R61, bench/bundle-size.ts, decision 116).
import { GolfersPage } from '../check-in/golfers-page';
import { useParams } from '../router';
import { NotYours, VolunteerFrame } from './volunteer-frame';

export function VolunteerCheckInPage() {
  const { tournamentId = '' } = useParams();
  return (
    <VolunteerFrame title="Check-in">
      {(grants) =>
        grants.some((g) => g.tournamentId === tournamentId && g.role === 'check-in') ? <GolfersPage only={tournamentId} /> : <NotYours />
      }
    </VolunteerFrame>
  );
}
