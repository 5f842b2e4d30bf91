/**
 * Environment for the headless Phaser tests (happy-dom): a 2D canvas context stub, an Image that
 * "loads" at once (Phaser's texture manager waits for its base64 textures), and the globals Phaser
 * reads at import time.
 */

/** A CanvasRenderingContext2D that draws nothing and measures text roughly. */
function context2d(canvas: HTMLCanvasElement): unknown {
  const noop = (): void => {};
  const imageData = (w: number, h: number): { data: Uint8ClampedArray; width: number; height: number } => ({
    data: new Uint8ClampedArray(Math.max(1, w * h * 4)),
    width: w,
    height: h,
  });
  return new Proxy(
    {
      canvas,
      getImageData: (_x: number, _y: number, w: number, h: number) => imageData(w, h),
      createImageData: (w: number, h: number) => imageData(w, h),
      measureText: (text: string) => ({ width: text.length * 6, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 2 }),
      createLinearGradient: () => ({ addColorStop: noop }),
      createRadialGradient: () => ({ addColorStop: noop }),
      createPattern: () => ({}),
      getLineDash: () => [],
      isPointInPath: () => false,
      globalAlpha: 1,
      globalCompositeOperation: 'source-over',
      fillStyle: '#000000',
      strokeStyle: '#000000',
      lineWidth: 1,
      font: '10px sans-serif',
      imageSmoothingEnabled: true,
    } as Record<string | symbol, unknown>,
    {
      // Every other method (fillRect, drawImage, arc, setTransform, ...) does nothing.
      get: (target, key) => (key in target ? target[key] : noop),
      set: (target, key, value) => {
        target[key] = value;
        return true;
      },
    },
  );
}

const proto = globalThis.HTMLCanvasElement?.prototype as unknown as { getContext: (type: string) => unknown } | undefined;
if (proto) {
  proto.getContext = function (this: HTMLCanvasElement, type: string): unknown {
    return type === '2d' ? context2d(this) : null;
  };
}

/** An Image whose `onload` fires right after `src` is set. */
class InstantImage {
  width = 32;
  height = 32;
  naturalWidth = 32;
  naturalHeight = 32;
  complete = false;
  crossOrigin = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private source = '';
  addEventListener(type: string, fn: () => void): void {
    if (type === 'load') this.onload = fn;
  }
  removeEventListener(): void {}
  get src(): string {
    return this.source;
  }
  set src(value: string) {
    this.source = value;
    this.complete = true;
    setTimeout(() => this.onload?.(), 1);
  }
}
(globalThis as unknown as { Image: unknown }).Image = InstantImage;
(window as unknown as { Image: unknown }).Image = InstantImage;
window.focus = () => {};
