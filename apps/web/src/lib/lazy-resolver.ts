import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * zodResolver over a contract schema that loads on first validation, for forms on public
 * pages: the schema library then stays out of the JavaScript the page needs to start.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<unknown>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return (await ready)(values, context, options);
  };
}
