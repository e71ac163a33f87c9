import type { DB } from '@post/db';
import type { CommanderMessage, CreateCommanderMessageInput, UpdateCommanderMessageInput } from '@post/contracts/commander-messages';

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** The active message with the Post Commander's name; 404 when none is active. */
export async function activeMessage(_db: DB): Promise<CommanderMessage & { commanderName: string | null }> {
  return todo();
}
/** Every message, newest first. */
export async function listMessages(_db: DB): Promise<CommanderMessage[]> {
  return todo();
}
/** One message; 404 when missing. */
export async function messageById(_db: DB, _id: number): Promise<CommanderMessage> {
  return todo();
}
/** Creates a message (sanitized; saving as active deactivates the others in one transaction). */
export async function createMessage(_db: DB, _input: CreateCommanderMessageInput, _userId: number): Promise<CommanderMessage> {
  return todo();
}
/** Changes a message; 404 when missing. */
export async function updateMessage(_db: DB, _input: UpdateCommanderMessageInput, _userId: number): Promise<CommanderMessage> {
  return todo();
}
/** Deletes a message; 404 when missing. */
export async function deleteMessage(_db: DB, _id: number): Promise<void> {
  return todo();
}
/** Makes one message the only active one; 404 when missing. */
export async function activateMessage(_db: DB, _id: number): Promise<CommanderMessage> {
  return todo();
}
