# The site's image (docs/deploy.md, decision 0060): one `node` process serving the API and the
# server-rendered web app. Without DATABASE_URL it runs its embedded PostgreSQL in DATA_DIR (the
# volume); compose.yaml runs it beside an official PostgreSQL image instead.
#
#   docker build -t post-site .                      (BASE: any official Node 22.14+ slim image)
#   docker run -p 3000:3000 -v post-data:/data -e PUBLIC_URL=http://localhost:3000 post-site
ARG BASE=node:24-bookworm-slim

# Build: the workspace's packages for the API and the web app, both builds, then a production
# install of the API alone (no benchmark, browser or test packages).
FROM ${BASE} AS build
WORKDIR /src
ENV CI=true
RUN npm install --global --no-fund --no-audit pnpm@10.34.9
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/ui/package.json packages/ui/
COPY bench/package.json bench/
COPY reliability/package.json reliability/
RUN pnpm install --frozen-lockfile --filter "@post/api..." --filter "@post/web..."
COPY tsconfig.base.json ./
COPY packages packages
COPY apps/api apps/api
COPY apps/web apps/web
RUN pnpm --filter @post/web run build \
  && pnpm --filter @post/api run build \
  && pnpm --filter @post/api deploy --legacy --prod /out

# Run: the repository's layout (apps/api/dist finds apps/web/dist beside it), packages above both.
FROM ${BASE}
# Two malloc arenas, a fixed mmap threshold and a smaller young generation keep the process small (decisions 0060, 0069).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /out/package.json ./package.json
COPY --from=build /out/node_modules ./node_modules
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/web/dist ./apps/web/dist
COPY --from=build /src/apps/web/dist-ssr ./apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# The slim image has no curl: Node's own fetch asks /readyz (503 while draining or without a database).
HEALTHCHECK --interval=30s --timeout=15s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--max-semi-space-size=4", "apps/api/dist/main.js"]
