// R61: reads a QR code from the camera's video. Loaded only when Scan opens (a chunk of its own, never the check-in page's
// first load: bench/bundle-size.ts): the browser's BarcodeDetector where it reads QR codes (Android, macOS), else jsQR on a
// frame drawn to a canvas. docs/decisions/116.

/** Answers the text of a QR code in the video's current frame, or null when it sees none. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

/** The longest side a frame is scaled to before jsQR reads it: enough for a badge held at arm's length, cheap on a phone. */
const MAX_SIDE = 640;

async function jsQrReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    if (!video.videoWidth || !video.videoHeight) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

export async function createFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? jsQrReader();
}
