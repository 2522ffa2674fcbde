// R61: Scan at the check-in table. The phone's back camera reads a golfer's QR (badge, e-mail or their page); the panel shows
// the golfer, team and starting hole, and one tap checks them in. A code read again says 'Checked in at 11:42 by …'; another
// tournament's or an unknown code says so and changes nothing. The decoder loads only when the panel opens (qr-decoder.ts).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../lib/api';
import type { ApiAnswer } from '../lib/api-types';
import { fullName } from '../lib/format';
import { Button } from '../ui/button';

type CodeGolfer = ApiAnswer<'/api/admin/golfers/by-code'>['golfer'];

/** How often a frame is read: often enough to feel instant, rarely enough to leave a cheap phone cool. */
const READ_EVERY_MS = 250;
/** Frames without a code (2 s) after which the code on screen may be read again. */
const FORGET_AFTER_MISSES = 8;

type Reading =
  | { state: 'looking' }
  | { state: 'reading'; code: string }
  | { state: 'found'; code: string; golfer: CodeGolfer; justCheckedIn?: boolean }
  | { state: 'refused'; code: string; message: string };

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'The camera is blocked: allow it for this site in the browser, or search by name below.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No camera found on this device: search by name below.';
  if (!navigator.mediaDevices?.getUserMedia) return 'This browser cannot use the camera here (it needs https): search by name below.';
  return 'The camera could not start: search by name below.';
}

export function ScanPanel({ tournamentId, onClose }: { tournamentId: string; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | { error: string }>('starting');
  const [reading, setReading] = useState<Reading>({ state: 'looking' });
  const queryClient = useQueryClient();
  // The code on screen: the loop does not read it again until another code (or none) is seen.
  const shown = useRef<string | null>(null);

  const lookUp = async (code: string) => {
    shown.current = code;
    setReading({ state: 'reading', code });
    try {
      const { golfer } = await api<ApiAnswer<'/api/admin/golfers/by-code'>>(
        `/api/admin/golfers/by-code?${new URLSearchParams({ tournamentId, code })}`,
      );
      if (shown.current === code) setReading({ state: 'found', code, golfer });
    } catch (error) {
      if (shown.current === code) setReading({ state: 'refused', code, message: errorMessage(error, 'That code could not be read.') });
    }
  };

  const checkIn = useMutation({
    mutationFn: (code: string) =>
      api<ApiAnswer<'/api/admin/golfers/check-in-by-code', 'post'>>('/api/admin/golfers/check-in-by-code', {
        body: { tournamentId, code },
      }),
    onSuccess: ({ golfer, already }, code) => {
      setReading({ state: 'found', code, golfer, justCheckedIn: !already });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'golfers'] });
    },
    onError: (error, code) => setReading({ state: 'refused', code, message: errorMessage(error, 'Failed to save the check-in.') }),
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let misses = 0;
    (async () => {
      try {
        // The back camera where there is one; any camera otherwise (a laptop at the table).
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (stopped) return stream.getTracks().forEach((track) => track.stop());
        const element = video.current!;
        element.srcObject = stream;
        await element.play().catch(() => undefined);
        setCamera('on');
        const { createFrameReader } = await import('./qr-decoder');
        const read = await createFrameReader();
        const tick = async () => {
          if (stopped) return;
          const code = await read(element).catch(() => null);
          if (code && code !== shown.current && !stopped) void lookUp(code.trim());
          // The code left the frame a while: the same badge shown again is read again (and says when it was checked in).
          misses = code ? 0 : misses + 1;
          if (misses >= FORGET_AFTER_MISSES) shown.current = null;
          timer = setTimeout(() => void tick(), READ_EVERY_MS);
        };
        void tick();
      } catch (error) {
        if (!stopped) setCamera({ error: cameraMessage(error) });
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // Started once per opening (and again for another tournament).
  }, [tournamentId]);

  return (
    <section aria-label="Scan a check-in code" className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-3 sm:p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Scan a golfer’s code</h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close Scan">
          <X aria-hidden className="size-4" /> Close
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="relative aspect-[4/3] overflow-hidden rounded-md bg-stone-900">
          <video ref={video} muted playsInline aria-label="Camera" className="size-full object-cover" />
          {camera === 'starting' ? (
            <p className="absolute inset-0 grid place-items-center text-sm text-white">Starting the camera…</p>
          ) : null}
          {typeof camera === 'object' ? (
            <p role="alert" className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-white">
              {camera.error}
            </p>
          ) : null}
          {/* Where to hold the code. */}
          {camera === 'on' ? <div aria-hidden className="absolute inset-[18%] rounded-md border-2 border-white/80" /> : null}
        </div>
        <div aria-live="polite" className="flex min-h-32 flex-col justify-center gap-2">
          <ScanResult reading={reading} busy={checkIn.isPending} onCheckIn={(code) => checkIn.mutate(code)} />
        </div>
      </div>
    </section>
  );
}

function ScanResult({ reading, busy, onCheckIn }: { reading: Reading; busy: boolean; onCheckIn: (code: string) => void }) {
  if (reading.state === 'looking')
    return <p className="text-stone-700">Hold the golfer’s QR code (badge, e-mail or phone) in the frame.</p>;
  if (reading.state === 'reading') return <p className="text-stone-700">Reading the code…</p>;
  if (reading.state === 'refused') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-red-800">
        <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
        {reading.message}
      </p>
    );
  }
  const { golfer } = reading;
  return (
    <div className="flex flex-col gap-2">
      <div>
        <p className="text-xl font-bold">{fullName(golfer)}</p>
        <p className="text-stone-700">
          {golfer.teamName}
          {golfer.startingHole ? ` · starting hole ${golfer.startingHole}` : ''}
        </p>
      </div>
      {golfer.checkedIn ? (
        <p className="flex items-center gap-2 rounded-md bg-green-50 p-3 font-semibold text-green-800">
          <CircleCheck aria-hidden className="size-5 shrink-0" />
          {reading.justCheckedIn ? `${fullName(golfer)} is checked in` : golfer.status}
        </p>
      ) : (
        <Button size="lg" disabled={busy} onClick={() => onCheckIn(reading.code)}>
          {busy ? 'Checking in…' : `Check in ${fullName(golfer)}`}
        </Button>
      )}
      {golfer.checkedIn && reading.justCheckedIn ? <p className="text-sm text-stone-700">{golfer.status}</p> : null}
    </div>
  );
}
