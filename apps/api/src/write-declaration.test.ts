import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './router.ts';
import { adminProcedure, administratorProcedure, memberProcedure, publicProcedure, router } from './trpc.ts';

// The guard is the type: each `@ts-expect-error` below fails `typecheck` ("unused directive") the
// day a mutation compiles without its declaration (decision 0092).
describe('a mutation declares its cache effect and audit entries, or does not compile', () => {
  it('refuses .mutation() without .meta({ changesContent, audit }), on every base procedure', () => {
    const write = async () => ({ ok: true as const });
    // @ts-expect-error no .meta() at all
    expect(() => adminProcedure.input(z.void()).mutation(write)).not.toThrow();
    // @ts-expect-error the cache effect alone (the old way)
    expect(() => administratorProcedure.meta({ changesContent: true }).input(z.void()).mutation(write)).not.toThrow();
    // @ts-expect-error the audit alone
    expect(() => publicProcedure.meta({ audit: 'news' }).mutation(write)).not.toThrow();
    // @ts-expect-error an entity the audit page has no label for
    expect(() => memberProcedure.meta({ changesContent: false, audit: 'newz' }).mutation(write)).not.toThrow();
    // @ts-expect-error "no audit" needs its reason
    expect(() => adminProcedure.meta({ changesContent: false, audit: { none: undefined } }).mutation(write)).not.toThrow();
    // The compile error says what to do.
    expectTypeOf(adminProcedure.input(z.void()).mutation)
      .parameter(0)
      .toEqualTypeOf<'A mutation declares .meta({ changesContent, audit }) first: see "Writes" in docs/adding-a-content-type.md'>();
  });

  it('accepts a declared write, in any order of the chain, and keeps queries as they were', () => {
    const declared = router({
      one: adminProcedure
        .meta({ changesContent: true, audit: 'news', openapi: { method: 'POST', path: '/x', protect: true } })
        .input(z.object({ title: z.string() }))
        .output(z.object({ title: z.string() }))
        .mutation(({ input, ctx }) => ({ title: `${input.title} by ${ctx.user.username}` })),
      two: publicProcedure
        .input(z.void())
        .meta({ changesContent: false, audit: { none: 'a visitor’s own choice' } })
        .mutation(() => 1),
      three: memberProcedure.meta({ changesContent: false, audit: ['member', 'volunteer'] }).mutation(({ ctx }) => ctx.member.id),
      read: publicProcedure.input(z.object({ id: z.number() })).query(({ input }) => input.id),
    });
    expect(Object.keys(declared._def.procedures)).toEqual(['one', 'two', 'three', 'read']);
    expect((declared._def.procedures.one as any)._def.meta).toMatchObject({ changesContent: true, audit: 'news' });
  });

  it('has every mutation of the app declare both (the compiled declarations, as the cache and audit read them)', () => {
    const undeclared = Object.entries((appRouter as any)._def.procedures as Record<string, any>)
      .filter(([, p]) => p._def.type === 'mutation')
      .filter(([, p]) => typeof p._def.meta?.changesContent !== 'boolean' || p._def.meta?.audit === undefined)
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });
});
