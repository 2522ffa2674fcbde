// @vitest-environment happy-dom
// The admin lists' pager (Teams, Payments, Golfers, Users) reads one page of a list answer as the route sends it.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

afterEach(cleanup);

describe('Pagination', () => {
  it('shows nothing before the list has loaded, or for an empty list', () => {
    const { container, rerender } = render(<Pagination of={undefined} noun="teams" onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
    rerender(<Pagination of={{ page: 1, pageSize: 25, total: 0, pages: 1 }} noun="teams" onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('says which rows are shown, and counts the pages itself when the route does not send them', () => {
    // 60 users at 25 a page: page 3 holds rows 51–60, and 60 / 25 rounds up to 3 pages.
    render(<Pagination of={{ page: 3, pageSize: 25, total: 60 }} noun="users" onPage={() => {}} />);
    expect(screen.getByText('51–60 of 60 users')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("takes the route's page count, and asks for the page before and after", async () => {
    const onPage = vi.fn();
    render(<Pagination of={{ page: 2, pageSize: 100, total: 250, pages: 3 }} noun="records" onPage={onPage} />);
    expect(screen.getByText('101–200 of 250 records')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[1], [3]]);
  });
});
