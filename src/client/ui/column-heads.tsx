// A table's header row from its column names, for the tables that style their own cells (the year statement, the printed
// starting sheet, the side games, the raised chart); the admin lists use table.tsx's Th. A column is its heading, or its
// heading and the classes its cell adds to `cellClassName` ('text-right').
import { cn } from './cn';

type Column = string | readonly [heading: string, className: string];

export function ColumnHeads({
  columns,
  cellClassName,
  className,
}: {
  columns: readonly Column[];
  cellClassName: string;
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map((column) => {
        const [heading, extra] = typeof column === 'string' ? [column] : column;
        return (
          <th key={heading} scope="col" className={cn(cellClassName, extra)}>
            {heading}
          </th>
        );
      })}
    </tr>
  );
}
