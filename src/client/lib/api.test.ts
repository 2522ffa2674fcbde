import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, failureCause } from './api';

describe('errorMessage: which words a failed call shows', () => {
  it('shows the server’s words for a refusal (4xx)', () => {
    expect(errorMessage(new ApiError(409, 'CONFLICT', 'Only 2 places left at this level'), 'Failed to register team')).toBe(
      'Only 2 places left at this level',
    );
    expect(errorMessage(new ApiError(403, 'FORBIDDEN', "You don't have permission to change this team"), 'Failed to update team')).toBe(
      "You don't have permission to change this team",
    );
  });

  it('shows the screen’s own text (spec §8) for a server failure, not the server’s generic words', () => {
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'Something went wrong. Please try again.'), 'Failed to assign teams to holes')).toBe(
      'Failed to assign teams to holes',
    );
    expect(errorMessage(new ApiError(503, 'UNAVAILABLE', 'Database unavailable'), 'Failed to save scores')).toBe('Failed to save scores');
  });

  it('adds a hint when the network is the cause', () => {
    expect(
      errorMessage(new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection and try again.'), 'Failed to save scores'),
    ).toBe('Failed to save scores. Check your connection and try again.');
  });

  it('falls back to the screen’s text for anything else, and to the server’s words when the screen has none', () => {
    expect(errorMessage(new TypeError('boom'), 'Failed to load data')).toBe('Failed to load data');
    expect(errorMessage(new ApiError(500, 'INTERNAL', 'Something went wrong. Please try again.'), '')).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('failureCause: what failed, for the words and for whether to try again', () => {
  it('tells the network, the server and a refusal apart', () => {
    expect(failureCause(new ApiError(0, 'NETWORK', 'offline'))).toBe('network');
    expect(failureCause(new TypeError('Failed to fetch'))).toBe('network');
    expect(failureCause(new ApiError(502, 'HTTP_502', 'Bad gateway'))).toBe('server');
    expect(failureCause(new ApiError(409, 'CONFLICT', 'changed'))).toBe('refused');
    expect(failureCause(new ApiError(401, 'UNAUTHENTICATED', 'signed out'))).toBe('refused');
  });
});
