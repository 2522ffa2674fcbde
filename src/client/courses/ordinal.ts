/** '1st', '2nd', '12th': the stroke index fields are named 'Stroke index (12th hole)', apart from the par fields' 'Hole 12'. */
export const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')}`;
