# Dealdeck: one stateless instance; compose.yaml runs three behind Caddy over PostgreSQL and Redis.
# Build stage: every dependency, then the client build and its server-rendering bundle (dist/).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime stage: production dependencies only (tsx checks the server bundle is fresh, node runs it), the sources and
# the built client and server, non-root.
FROM node:20-bookworm-slim AS runtime
ENV PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Copied from the build stage, so dist/ stays newer than its inputs and `npm start` never tries to rebuild it.
COPY --from=build /app/src ./src
COPY --from=build /app/layouts ./layouts
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/index.html /app/vite.config.ts /app/tsconfig.json ./
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=4s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
