/**
 * The alert chime: loaded with the alert presenter and the settings screen (its "Play" button), not
 * with the console's first screen.
 */
let audio: AudioContext | null = null;

/**
 * Two soft notes made on the spot (no sound file to fetch). Browsers play audio only after the
 * page has had a click or a key press; before that this stays silent rather than failing.
 */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    [660, 880].forEach((frequency, i) => {
      const ctx = audio as AudioContext;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const at = start + i * 0.14;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.35);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.4);
    });
  } catch {
    // No audio here (a locked-down browser): the notification and the title still tell.
  }
}
