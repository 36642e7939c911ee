import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { Zip, ZipPassThrough } from 'fflate';
import { ffmpegArgs } from './ffmpeg-args.js';
import type { RenderPlan } from './render-plan.js';
import { RendererError } from './renderer-errors.js';

/**
 * Where the captured PNG frames go, one at a time, in order: ffmpeg's stdin or a zip archive.
 * `write` resolves when the frame is taken (backpressure: it waits while the pipe is full, so
 * capture runs at most one pipe's worth ahead of encoding); `finish` when the file is complete;
 * `kill` stops at once (abort), leaving the file for the caller to remove.
 */
export interface FrameSink {
  write(frame: Buffer): Promise<void>;
  finish(): Promise<void>;
  kill(): void;
  /** Resolves once the sink's process (if any) is gone. */
  readonly closed: Promise<void>;
}

const STDERR_KEEP = 16 * 1024;

/** ffmpeg reading PNG frames on stdin (`-f image2pipe`), writing the plan's file. */
export class FfmpegSink implements FrameSink {
  private readonly child: ChildProcess;
  private stderr = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exited: Promise<void>;
  readonly closed: Promise<void>;

  constructor(ffmpegPath: string, plan: RenderPlan, output: string) {
    this.child = spawn(ffmpegPath, ffmpegArgs(plan, output), {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEEP);
    });
    // A write after ffmpeg has gone fails with EPIPE: the exit says why, write() reports it.
    this.child.stdin?.on('error', () => undefined);
    this.exited = new Promise((resolve, reject) => {
      this.child.once('error', (error) =>
        reject(new RendererError('ffmpeg-failed', `ffmpeg could not start: ${error.message}`)),
      );
      this.child.once('close', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
    });
    this.closed = this.exited.catch(() => undefined);
  }

  private failure(): RendererError {
    const how = this.exit
      ? this.exit.signal
        ? `was stopped by ${this.exit.signal}`
        : `exited with code ${this.exit.code}`
      : 'stopped';
    return new RendererError(
      'ffmpeg-failed',
      `ffmpeg ${how}: ${this.stderr.trim() || 'no output'}`,
    );
  }

  async write(frame: Buffer): Promise<void> {
    const stdin = this.child.stdin;
    if (this.exit || !stdin || stdin.destroyed) throw this.failure();
    if (stdin.write(frame)) return;
    // Full pipe: wait for ffmpeg to take it, or for ffmpeg to end (an encoding error).
    await Promise.race([once(stdin, 'drain'), this.exited.then(() => undefined)]);
    if (this.exit) throw this.failure();
  }

  async finish(): Promise<void> {
    this.child.stdin?.end();
    await this.exited;
    if (this.exit?.code !== 0) throw this.failure();
  }

  kill(): void {
    if (!this.exit) this.child.kill('SIGKILL');
  }
}

/** A zip of PNG frames (frame-00001.png …), stored: PNG is compressed already. */
export class ZipSink implements FrameSink {
  private readonly file: WriteStream;
  private readonly zip: Zip;
  private index = 0;
  private error: Error | null = null;
  private readonly done: Promise<void>;
  readonly closed: Promise<void>;
  private readonly digits: number;

  constructor(plan: RenderPlan, output: string) {
    this.digits = Math.max(5, String(plan.frames).length);
    this.file = createWriteStream(output);
    this.done = new Promise((resolve, reject) => {
      this.file.once('close', resolve);
      this.file.once('error', reject);
    });
    this.closed = this.done.catch(() => undefined);
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.error = error;
        this.file.destroy(error);
        return;
      }
      this.file.write(chunk);
      if (final) this.file.end();
    });
  }

  async write(frame: Buffer): Promise<void> {
    if (this.error) throw this.error;
    this.index += 1;
    const entry = new ZipPassThrough(`frame-${String(this.index).padStart(this.digits, '0')}.png`);
    this.zip.add(entry);
    entry.push(frame, true);
    if (this.file.writableNeedDrain) await once(this.file, 'drain');
  }

  async finish(): Promise<void> {
    this.zip.end();
    await this.done;
    if (this.error) throw this.error;
  }

  kill(): void {
    this.zip.terminate();
    this.file.destroy();
  }
}
