/** The text of `service-endpoint --help`. */
export const HELP = `Usage: service-endpoint [options] METHOD URL [item ...]
       service-endpoint [options] "METHOD URL" [item ...]

Prints the request options that service-endpoint builds for a route: method, url, headers and
body, as indented JSON (or a curl command, or a fetch() call). Sends nothing.

Items (httpie's forms; an item splits at its first separator, the longer one first):
  key=value         a string parameter: fills {key}, else a query (GET, HEAD) or body key
                      service-endpoint GET /users/{id} id=1
  key:=json         a JSON parameter: a number, boolean, null, array or object
                      service-endpoint POST /issues count:=2 labels:='["bug"]'
  name==value       a query parameter, for every method (where a GET puts a parameter)
                      service-endpoint POST /search q=="a&b"
  Header:value      a header
                      service-endpoint GET /user Authorization:"token abc"
  key=@file         a string parameter with the text of a file
                      service-endpoint POST /gists content=@notes.txt
  key:=@file.json   a JSON parameter with the JSON of a file
                      service-endpoint POST /issues labels:=@labels.json
  @file             the raw body: the text of a file (standard input too, when it is not a terminal)
                      service-endpoint --content-type text/plain POST /markdown/raw @README.md
  Write key=\\@text for a value that starts with "@", and \\= \\: \\@ \\\\ for those characters in a
  name (a\\:b=1 is the parameter "a:b"). The keys method, url, baseUrl, headers, mediaType, data
  and request are options, not parameters (data:='{"a":1}' is the body).

Options:
  --base-url URL        put URL before a path (default https://api.service.example)
  --content-type TYPE   the content-type of a raw body (@file or standard input)
  --curl                print a curl command (curl -q -sS …) that sends the request
  --fail                with --curl: make curl fail on an HTTP error status (curl --fail)
  --fetch               print the fetch() call, as JavaScript
  --ignore-stdin        never read a body from standard input
  -h, --help            print this help
  -v, --version         print the version
  --                    end of options

Ambiguous command lines are refused (exit status 2), never sent differently: a raw body with
parameters it would drop, name==value for a placeholder of the route, the same name twice.

Exit status: 0 on success, 1 when the library rejects the request (an EndpointError),
2 for bad usage.
`;
