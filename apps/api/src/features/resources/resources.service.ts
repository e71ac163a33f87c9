import type { DB } from '@post/db';
import type { CreateResourceInput, Resource, UpdateResourceInput } from '@post/contracts/resources';

const todo = (): never => {
  throw new Error('not implemented yet');
};

/** Every resource, by category then display order then title. */
export async function listResources(_db: DB): Promise<Resource[]> {
  return todo();
}
/** One resource; 404 when missing. */
export async function resourceById(_db: DB, _id: number): Promise<Resource> {
  return todo();
}
/** Creates a resource. */
export async function createResource(_db: DB, _input: CreateResourceInput): Promise<Resource> {
  return todo();
}
/** Replaces a resource; 404 when missing. */
export async function updateResource(_db: DB, _input: UpdateResourceInput): Promise<Resource> {
  return todo();
}
/** Deletes a resource; 404 when missing. */
export async function deleteResource(_db: DB, _id: number): Promise<void> {
  return todo();
}
