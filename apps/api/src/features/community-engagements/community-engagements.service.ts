import type { DB } from '@post/db';
import type { CommunityEngagement, CreateEngagementInput, UpdateEngagementInput } from '@post/contracts/community-engagements';

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** The active highlight; 404 when none. */
export async function activeEngagement(_db: DB): Promise<CommunityEngagement> {
  return todo();
}
/** Every highlight: the active one first, then by date, newest first. */
export async function listEngagements(_db: DB): Promise<CommunityEngagement[]> {
  return todo();
}
/** One highlight; 404 when missing. */
export async function engagementById(_db: DB, _id: number): Promise<CommunityEngagement> {
  return todo();
}
/** Creates a highlight (saving as active deactivates the others in one transaction). */
export async function createEngagement(_db: DB, _input: CreateEngagementInput): Promise<CommunityEngagement> {
  return todo();
}
/** Replaces a highlight; 404 when missing. */
export async function updateEngagement(_db: DB, _input: UpdateEngagementInput): Promise<CommunityEngagement> {
  return todo();
}
/** Deletes a highlight; 404 when missing. */
export async function deleteEngagement(_db: DB, _id: number): Promise<void> {
  return todo();
}
/** Makes one highlight the only active one; 404 when missing. */
export async function activateEngagement(_db: DB, _id: number): Promise<CommunityEngagement> {
  return todo();
}
