/**
 * The verdict as sound and touch, for a gate where nobody looks at the screen for long: one high
 * beep for "through", two low ones for "stop". The AudioContext is made on the tap that starts
 * scanning (browsers allow sound only after one).
 */
export function createFeedback() {
  const Audio = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  const audio = Audio ? new Audio() : null;
  const tone = (hz: number, at: number, seconds: number) => {
    if (!audio) return;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.25, audio.currentTime + at);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + seconds);
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + at);
    osc.stop(audio.currentTime + at + seconds);
  };
  return {
    pass() {
      tone(1320, 0, 0.15);
      navigator.vibrate?.(80);
    },
    stop() {
      tone(330, 0, 0.18);
      tone(330, 0.25, 0.18);
      navigator.vibrate?.([120, 80, 120]);
    },
    close() {
      void audio?.close();
    },
  };
}
