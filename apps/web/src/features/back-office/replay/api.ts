import { useQuery } from '@tanstack/react-query';
import { isInsightSessionId, replayRoutes } from '@portal/contract';
import type { ReplayRecording, ReplaySession } from '@portal/contract';
import { callRoute } from '@/lib/api-client';
import { inflatedEvents } from './recording';

// Support replay's reads (issue 31), under the back office's root so its refresh reaches them
const root = ['back-office', 'replay'] as const;

export const replayKeys = {
  agency: (id: string) => [...root, 'agency', id] as const,
  booking: (id: string) => [...root, 'booking', id] as const,
  session: (id: string) => [...root, 'session', id] as const,
};

// GET /admin/agencies/{id}/replays: the agency's recorded sessions, newest first
export function useAgencyReplays(agencyId: string) {
  return useQuery({
    queryKey: replayKeys.agency(agencyId),
    queryFn: ({ signal }) => callRoute(replayRoutes.agencySessions, { params: { id: agencyId }, signal }),
  });
}

// GET /admin/bookings/{id}/replays: the recorded session the booking was made in
export function useBookingReplays(bookingId: string) {
  return useQuery({
    queryKey: replayKeys.booking(bookingId),
    queryFn: ({ signal }) => callRoute(replayRoutes.bookingSessions, { params: { id: bookingId }, signal }),
  });
}

export type SessionReplay = { session: ReplaySession; events: unknown[] };

// GET /admin/replays/{id}, page after page: the session and every event of its recordings, inflated, in order
export function useSessionReplay(sessionId: string) {
  return useQuery({
    queryKey: replayKeys.session(sessionId),
    queryFn: async ({ signal }): Promise<SessionReplay> => {
      const pages: ReplayRecording[] = [];
      let from: number | null = 0;
      while (from !== null) {
        const page: ReplayRecording = await callRoute(replayRoutes.recording, {
          params: { id: sessionId },
          query: { from },
          signal,
        });
        pages.push(page);
        from = page.nextFrom;
      }
      const first = pages[0];
      if (!first) throw new Error('no recording');
      return { session: first.session, events: await inflatedEvents(pages.flatMap((page) => page.recordings)) };
    },
    // a malformed id is the page's not-found, never a request
    enabled: isInsightSessionId(sessionId),
    // a recording does not change once read; reading it again costs megabytes
    staleTime: Infinity,
  });
}
