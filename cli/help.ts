/** The text of `service-endpoint --help`. */
export const HELP = `Usage: service-endpoint [--base-url URL] [--curl] "METHOD /path/{param}" [item ...]

Prints the request options that service-endpoint builds for a route: method, url, headers and
body, as indented JSON (or, with --curl, as a curl command line). Sends nothing.

Items:
  key=value       a string parameter: fills {key} in the route, else a query or body parameter
  key:=json       a JSON parameter: a number, boolean, null, array or object (key:=42, tags:='["a"]')
  Name:value      a header (Authorization:'token abc')
  An item splits at its first ":=", "=" or ":", so "a:=1" is JSON, "X-Id:a=b" a header, "q=a:b" a string.
  The keys method, url, baseUrl, headers, mediaType, data and request are options, not parameters
  (data:='{"a":1}' is the body; Name:value items add to a headers:='{…}' item).

Options:
  --base-url URL  put URL before a path (default https://api.service.example); not with a baseUrl= item
  --curl          print the curl command line that sends the request
  -h, --help      print this help
  -v, --version   print the version
  --              end of options

Examples:
  service-endpoint "GET /repos/{owner}/{repo}/issues{?state}" owner=octo repo=hello state=open per_page:=2
  service-endpoint --curl "POST /repos/{owner}/{repo}/issues" owner=octo repo=hello title="Found a bug" labels:='["bug"]'
  service-endpoint --base-url https://api.acme.test "DELETE /repos/:owner/:repo" owner=acme repo=rockets Authorization:"token abc"

Exit status: 0 on success, 1 when the library rejects the request (an EndpointError), 2 for bad usage.
`;
