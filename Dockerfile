# Dealdeck: one stateless instance; compose.yaml runs three behind Caddy over PostgreSQL and Redis.
# Build stage: every dependency, then the client build and its server-rendering bundle (dist/).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies only, the sources the compiled server reads beside it (migrations' SQL,
# schemas/, layouts/) and the built client and server, non-root. No vite, no tsx at run time.
FROM node:20-bookworm-slim AS runtime
ENV PORT=8080 HOST=0.0.0.0
WORKDIR /app
# jemalloc: the allocator the server runs on (src/server/memory.ts SERVER_ENV, decision 032).
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/src ./src
COPY --from=build /app/layouts ./layouts
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/index.html /app/vite.config.ts /app/tsconfig.json ./
COPY --from=build /app/dist ./dist
# The server rebuilds the client at start when an input (src/client, src/shared, schemas/, ... and their directories)
# looks newer than the build. COPY keeps files' times but may stamp a directory it creates with the copy's time, and
# this stage has no vite to rebuild with (nor may the node user write dist/): touch the build after every copy.
RUN touch dist/client/index.html dist/client-ssr/render.js \
  && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=4s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# npm start's environment (src/server/memory.ts SERVER_ENV: the allocator and its settings, read at process start).
ENV LD_PRELOAD=libjemalloc.so.2
ENV MALLOC_CONF=background_thread:true,narenas:2,dirty_decay_ms:1000,muzzy_decay_ms:0
ENV MALLOC_MMAP_THRESHOLD_=131072
# The last command of `npm start` (package.json; tests/unit/server/compose.test.ts keeps the two the same), run
# without npm and its shell: the server itself gets the stop signal and drains (in-flight requests, mail jobs).
CMD ["node", "--max-old-space-size=160", "--max-semi-space-size=4", "dist/server/main.js"]
