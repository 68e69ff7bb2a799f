/**
 * The new-order chime, synthesised with WebAudio (no sound file to ship). Browsers refuse to start audio before
 * the user has interacted with the page, so the context is created on the first click or key press; until then
 * `chime()` simply returns false and the toast and tab title carry the alert alone.
 */
let context: AudioContext | null = null;

function unlock() {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    // No WebAudio (old or locked-down browser): stay silent.
  }
}

/** Arms the chime on the first user gesture; returns the clean-up. */
export function armChimeOnGesture(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const handler = () => {
    unlock();
    if (context?.state === 'running') for (const e of events) window.removeEventListener(e, handler);
  };
  for (const e of events) window.addEventListener(e, handler);
  return () => {
    for (const e of events) window.removeEventListener(e, handler);
  };
}

/** Two soft bell tones; false when the browser does not let the page play sound yet. */
export function chime(): boolean {
  if (!context || context.state !== 'running') return false;
  const start = context.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1318.5],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    // Quick attack, bell-like decay; quiet enough not to startle a dining room.
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.9);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 1);
  }
  return true;
}
