// Registration forms not yet sent, kept in memory per leader and level: Back to Selection, Cancel, or a session that ended
// before submitting (sign in again, choose the level again) bring back what was typed. A reload forgets them, and so does
// a registration that went through.
import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const drafts = new Map<string, unknown>();

export const draftKey = (userId: string, levelId: string) => `${userId}:${levelId}`;

/** The draft kept under `key`, if any. */
export const readDraft = <T>(key: string) => drafts.get(key) as T | undefined;

export const dropDraft = (key: string) => void drafts.delete(key);

/** Keeps the form's values under `key` as they change. */
export function useKeepDraft<T extends FieldValues>(form: UseFormReturn<T>, key: string) {
  useEffect(() => {
    const subscription = form.watch(() => drafts.set(key, form.getValues()));
    return () => subscription.unsubscribe();
  }, [form, key]);
}
