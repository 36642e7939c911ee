/** The longest timeline the player takes (an hour): a measured length past it is cut. */
const MAX_MEASURED_MS = 3_600_000;

/**
 * How long a document's animations run once, for a project whose data has no duration (an
 * imported SVG animated by CSS only: the import reads SMIL timing alone): the latest end of a
 * CSS animation's first pass and of a SMIL animation's first interval. 0 when nothing moves.
 */
export function measuredLength(svg: SVGSVGElement): number {
  let length = 0;
  for (const animation of svg.getAnimations({ subtree: true })) {
    const timing = animation.effect?.getComputedTiming();
    if (!timing) continue;
    const end = Number(timing.endTime);
    const once = Number(timing.delay ?? 0) + Number(timing.duration) || 0;
    length = Math.max(length, Number.isFinite(end) ? end : once);
  }
  for (const element of Array.from(
    svg.querySelectorAll<SVGAnimationElement>('animate, set, animateMotion, animateTransform'),
  )) {
    try {
      // Both throw for an animation with no resolved start (begin="click") or an indefinite one.
      length = Math.max(length, (element.getStartTime() + element.getSimpleDuration()) * 1000);
    } catch {
      // Nothing to measure: it does not run by itself.
    }
  }
  return Math.min(MAX_MEASURED_MS, Math.round(length));
}

/** What the controls show: where the timeline is, and whether it moves. */
export interface PlaybackState {
  /** ms from the start, 0 to the duration. */
  time: number;
  playing: boolean;
}

/**
 * Plays, pauses and seeks an inline project document on one timeline of the project's
 * duration, looping at its end (docs/decisions.md, the project viewer). A project holds SMIL
 * (the `<svg>` element's own clock: pauseAnimations, setCurrentTime) and CSS animations (Web
 * Animations: each one's currentTime, play and pause); both are moved together, so what shows
 * at a point of the timeline is what an image of the document shows at that time.
 *
 * Subscribed to as an external store (useSyncExternalStore): the state changes each frame while
 * playing, and only the controls redraw.
 */
export class Playback {
  private state: PlaybackState = { time: 0, playing: false };
  /** performance.now() at the timeline's 0 while playing. */
  private origin = 0;
  private animationFrame = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly svg: SVGSVGElement,
    /** The project's duration in ms (more than 0). */
    readonly duration: number,
    /** One frame in ms (1000 / fps), about: the duration is cut into whole frames. */
    frame: number,
  ) {
    this.frames = Math.max(1, Math.round(duration / frame));
  }

  /**
   * The timeline's steps: whole frames, so its end is exactly the duration (a step of 1000/60
   * ms could never reach 2000 by the range's own arithmetic). A pause holds on one.
   */
  readonly frames: number;

  /** The step of frame `index` in ms, and the nearest frame of a time. */
  timeOfFrame(index: number): number {
    return (index * this.duration) / this.frames;
  }

  frameAt(ms: number): number {
    return Math.round((ms * this.frames) / this.duration);
  }

  /** Starts at 0, playing unless `paused` (a visitor who asked for reduced motion). */
  start({ paused }: { paused: boolean }): void {
    this.seekDocument(0, false);
    if (paused) this.pauseDocument();
    else this.play();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): PlaybackState => this.state;

  play(): void {
    if (this.state.playing) return;
    // Played from the end, it starts over.
    const from = this.state.time >= this.duration ? 0 : this.state.time;
    this.seekDocument(from, true);
    this.svg.unpauseAnimations();
    this.origin = performance.now() - from;
    this.set({ time: from, playing: true });
    this.animationFrame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    if (!this.state.playing) return;
    cancelAnimationFrame(this.animationFrame);
    const time = this.clamp(this.timeOfFrame(this.frameAt(performance.now() - this.origin)));
    this.pauseDocument();
    // Both clocks held at exactly the point the timeline shows.
    this.seekDocument(time, false);
    this.set({ time, playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  /** Moves the timeline (the scrubber); playing goes on from there. */
  seek(ms: number): void {
    const time = this.clamp(ms);
    this.seekDocument(time, this.state.playing);
    if (this.state.playing) this.origin = performance.now() - time;
    this.set({ time, playing: this.state.playing });
  }

  dispose(): void {
    cancelAnimationFrame(this.animationFrame);
    this.listeners.clear();
  }

  private readonly tick = (now: number): void => {
    if (!this.state.playing) return;
    let time = now - this.origin;
    if (time >= this.duration) {
      // The end of the timeline: round again from the start.
      this.seekDocument(0, true);
      this.origin = now;
      time = 0;
    }
    this.set({ time, playing: true });
    this.animationFrame = requestAnimationFrame(this.tick);
  };

  private pauseDocument(): void {
    this.svg.pauseAnimations();
    for (const animation of this.animations()) animation.pause();
  }

  /**
   * Both clocks to `ms`. A CSS animation that is still to run at that point plays on when the
   * timeline plays (play() on one that has ended would start it over instead, so those stay).
   */
  private seekDocument(ms: number, playing: boolean): void {
    this.svg.setCurrentTime(ms / 1000);
    for (const animation of this.animations()) {
      animation.currentTime = ms;
      if (!playing) continue;
      const end = Number(animation.effect?.getComputedTiming().endTime ?? 0);
      if (ms < end) animation.play();
    }
  }

  /** The document's CSS animations (read each time: a style change may add or end some). */
  private animations(): Animation[] {
    return this.svg.getAnimations({ subtree: true });
  }

  private clamp(ms: number): number {
    return Math.min(this.duration, Math.max(0, Number.isFinite(ms) ? ms : 0));
  }

  private set(state: PlaybackState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
