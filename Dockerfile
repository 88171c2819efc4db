# Production image: builds the web app and the bundled API, then runs the API, which also
# serves the web app. Configure with environment variables (see README "Configuration");
# mount a volume at /app/data for the SQLite default, or set DATABASE_URL to PostgreSQL.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* && npm install -g pnpm@10.34.9
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# pnpm applies these to the packages they name while it installs (package.json pnpm.patchedDependencies).
COPY patches patches/
COPY web/package.json web/
COPY api/package.json api/
COPY packages/contracts/package.json packages/contracts/
COPY packages/commerce/package.json packages/commerce/
COPY packages/demo-store/package.json packages/demo-store/
COPY packages/fake-stripe/package.json packages/fake-stripe/
COPY packages/listen/package.json packages/listen/
RUN npm_config_nodedir= pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @catalog/web build && pnpm --filter @catalog/api build \
  && pnpm --filter @catalog/api deploy --prod --legacy /out/api-deps

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8787 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /out/api-deps/node_modules api/node_modules
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/api/drizzle api/drizzle
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8787
CMD ["node", "--enable-source-maps", "api/dist/server.mjs"]
