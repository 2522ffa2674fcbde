/** Set in localStorage while this browser has score saves waiting, so any page can send them without loading the outbox. */
export const WAITING_FLAG = 'golf-outbox-waiting';
