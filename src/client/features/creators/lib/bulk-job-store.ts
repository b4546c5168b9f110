import { useSyncExternalStore } from 'react';
import type { BulkJobAction } from '#shared/replies/bulk-jobs.ts';

/**
 * The bulk jobs this tab started and has not yet shown the outcome of (docs/decisions/034). Kept in session
 * storage, so moving to another admin page, or reloading, still ends with the summary; another tab has its
 * own. `isHidden`: the admin sent the progress to the background; the summary still opens when it is done.
 */
export interface WatchedBulkJob {
  jobId: string;
  action: BulkJobAction;
  total: number;
  isHidden?: boolean;
}

const STORAGE_KEY = 'admin.bulkJobs';
const listeners = new Set<() => void>();
let cache: { text: string | null; jobs: WatchedBulkJob[] } = { text: null, jobs: [] };

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the job is still shown while this page stays open.
    return null;
  }
}

let memory: string | null = null;

function readText(): string | null {
  const store = storage();
  return store ? store.getItem(STORAGE_KEY) : memory;
}

function parse(text: string | null): WatchedBulkJob[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as WatchedBulkJob[]).filter((job) => typeof job?.jobId === 'string') : [];
  } catch {
    return [];
  }
}

function snapshot(): WatchedBulkJob[] {
  const text = readText();
  if (text !== cache.text) cache = { text, jobs: parse(text) };
  return cache.jobs;
}

function write(jobs: WatchedBulkJob[]) {
  const text = jobs.length > 0 ? JSON.stringify(jobs) : null;
  const store = storage();
  if (store) {
    if (text === null) store.removeItem(STORAGE_KEY);
    else store.setItem(STORAGE_KEY, text);
  } else {
    memory = text;
  }
  for (const listener of [...listeners]) listener();
}

export function watchBulkJob(job: WatchedBulkJob): void {
  write([...snapshot().filter((kept) => kept.jobId !== job.jobId), job]);
}

export function hideBulkJob(jobId: string): void {
  write(snapshot().map((job) => (job.jobId === jobId ? { ...job, isHidden: true } : job)));
}

export function showBulkJob(jobId: string): void {
  write(snapshot().map((job) => (job.jobId === jobId ? { ...job, isHidden: false } : job)));
}

export function forgetBulkJob(jobId: string): void {
  write(snapshot().filter((job) => job.jobId !== jobId));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: WatchedBulkJob[] = [];

/** The jobs still to report, oldest first. */
export function useWatchedBulkJobs(): WatchedBulkJob[] {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
