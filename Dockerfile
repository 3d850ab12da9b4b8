# Production image of the shop (API + built web app). Configuration comes from the environment:
# see .env.example; NODE_ENV=production refuses the embedded, offline defaults.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY graph/package.json graph/
COPY web/package.json web/
RUN npm ci
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev
USER node
EXPOSE 4000
CMD ["node", "graph/dist/main.js"]
