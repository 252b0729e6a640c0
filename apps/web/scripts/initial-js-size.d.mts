import type { BrowserContext, BrowserContextOptions } from '@playwright/test';

export interface Script {
  file: string;
  kb: number;
}
export interface Credentials {
  email: string;
  password: string;
}
export const DEMO_PLAYER: Credentials;
export const phoneContextOptions: BrowserContextOptions;
export function signIn(context: BrowserContext, base: string, user: Credentials): Promise<void>;
export function scriptsOfPage(context: BrowserContext, url: string): Promise<Script[]>;
export function firstPageScripts(url: string, options?: { user?: Credentials }): Promise<Script[]>;
export function startAppServer(dist: string): Promise<{ base: string; stop(): void }>;
export function startStaticServer(dist: string): Promise<{ base: string; stop(): void }>;
export function measureFirstPage(options: {
  dist: string;
  staticServe?: boolean;
  pagePath?: string;
  user?: Credentials;
}): Promise<{ scripts: Script[]; totalKb: number }>;
