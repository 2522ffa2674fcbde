import { clsx, type ClassValue } from 'clsx';

/** Joins class names. (No tailwind-merge: it costs 8 KB on every page; components avoid conflicting classes instead.) */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
