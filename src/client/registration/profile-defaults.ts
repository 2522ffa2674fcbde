// What the registration forms start with, taken from the signed-in leader's account (decision 145): most leaders register
// their own company's teams, so the contact is themselves until they type someone else. A draft (drafts.ts) wins over it.
import type { Me } from '../lib/first-load-reads';

export interface ContactDefaults {
  company: string;
  contactName: string;
  contactEmail: string;
}

export const contactFromProfile = ({ user, profile }: Me): ContactDefaults => ({
  company: profile.company,
  contactName: `${profile.firstName} ${profile.lastName}`.trim(),
  contactEmail: user.email,
});

/** A single place (R43) is most often the leader's own: their name, address and company. */
export const golferFromProfile = ({ user, profile }: Me) => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: user.email,
  company: profile.company,
});
