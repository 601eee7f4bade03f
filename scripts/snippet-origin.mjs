// The origin the documentation's snippets send their requests to. While they are checked, a local
// server on 127.0.0.1 stands in for it (scripts/docs-server.mjs).
export const API_ORIGIN = "https://api.example.com";
