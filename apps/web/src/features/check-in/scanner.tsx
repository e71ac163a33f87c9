import { useEffect, useRef, useState } from 'react';
import { CameraOffIcon, ImageIcon } from 'lucide-react';
import { Button } from '@post/ui/components/button';
import { decodeQr } from './decode.ts';

/** How often a camera frame is read. */
const FRAME_MS = 250;
/** The same code read again within this time is the same scan. */
const REPEAT_MS = 3000;

/**
 * The camera scanner of the check-in page (loaded only there): the back camera's video, read a few
 * times a second; or a photo of a code, for a phone without camera access.
 */
export default function Scanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const last = useRef<{ text: string; at: number } | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);

  const found = (text: string) => {
    const now = Date.now();
    if (last.current && last.current.text === text && now - last.current.at < REPEAT_MS) return;
    last.current = { text, at: now };
    onCode(text);
  };

  useEffect(() => {
    canvas.current ??= document.createElement('canvas');
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setCameraError('This browser cannot open the camera. Read a photo of the code instead, or find the person by name.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setCameraError('The camera could not be opened. Allow the camera for this site, read a photo of the code, or find the person by name.');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const tick = async () => {
        const v = video.current;
        if (stopped || !v) return;
        if (v.readyState >= 2) {
          const text = await decodeQr(v, v.videoWidth, v.videoHeight, canvas.current!).catch(() => null);
          if (text) found(text);
        }
        timer = window.setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    // The scanner starts once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoMessage(null);
    try {
      const bitmap = await createImageBitmap(file);
      canvas.current ??= document.createElement('canvas');
      const text = await decodeQr(bitmap, bitmap.width, bitmap.height, canvas.current);
      bitmap.close();
      // A photo is read on purpose each time: no repeat filter.
      if (text) onCode(text);
      else setPhotoMessage('No code was found in that photo. Try again closer, or find the person by name.');
    } catch {
      setPhotoMessage('That photo could not be read. Try another one, or find the person by name.');
    }
  };

  return (
    <div className="space-y-3">
      {cameraError ? (
        <p className="flex items-start gap-2 rounded-lg border border-dashed p-4 text-base" role="status">
          <CameraOffIcon aria-hidden="true" className="mt-1 size-5 shrink-0" />
          {cameraError}
        </p>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera: hold the code in front of it"
          className="aspect-square w-full max-w-sm rounded-lg bg-black object-cover"
        />
      )}
      <div>
        <Button asChild variant="outline">
          <label>
            <ImageIcon aria-hidden="true" />
            Read a photo of the code
            <input type="file" accept="image/*" className="sr-only" onChange={(e) => void readPhoto(e.target.files?.[0])} />
          </label>
        </Button>
        {photoMessage ? (
          <p role="alert" className="mt-2 text-base text-flag-red-700">
            {photoMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}
