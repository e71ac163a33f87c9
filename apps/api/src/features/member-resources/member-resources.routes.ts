import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';

/** Non-JSON member resource routes: the download redirect or file stream, and uploads. */
export async function memberResourcesRoutes(_app: FastifyInstance, _deps: { db: DB; env: Env }): Promise<void> {
  // Filled in by the members issue.
}
