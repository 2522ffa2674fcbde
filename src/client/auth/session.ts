// The signed-in user, and signing out: one read, so every screen agrees on who is signed in.
// It is a first-load read (lib/first-load-reads.tsx): the header shows it on Home. The forms' mutations
// (sign in, up, reset) are auth/account-forms.ts, with react-query, which comes with their pages.
import { useCallback, useState } from 'react';
import { useNavigate } from '../router';
import { api } from '../lib/api';
import { useReads, type Me, type Reads } from '../lib/first-load-reads';
import { useRemoteValue } from '../lib/remote-value';
import { notify } from '../lib/toast';

export type { Me };

export const useMe = () => useRemoteValue(useReads().me);

/** Signs out (the session ends on the server), then forgets who was signed in and what was loaded for them. */
async function signOut(reads: Reads): Promise<void> {
  try {
    await api('/api/auth/sign-out', { body: {} });
  } finally {
    reads.me.set(null);
    // Nothing of the user who left (their teams, cards, lists) stays for the next one on a shared phone.
    reads.pageQueries?.clear();
    // The service worker's copies of who was signed in and their cards (vite.config.ts) go too: a shared phone offline
    // must not show them to the next person.
    void globalThis.caches?.delete('offline-reads').catch(() => undefined);
  }
}

export function useSignOut() {
  const reads = useReads();
  return useCallback(() => signOut(reads), [reads]);
}

export function displayName(me: Me): string {
  return me.profile.firstName || me.user.email;
}

/** Signs out, says so, and shows the signed-out page. */
export function useLogout() {
  const reads = useReads();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const logout = () => {
    setPending(true);
    signOut(reads)
      .then(() => notify.success('You have been logged out.'))
      .catch(() => undefined)
      .finally(() => {
        setPending(false);
        navigate('/logout');
      });
  };
  return { logout, isPending };
}
