/** The text of `service-endpoint --help`: one screen (at most 40 lines of at most 100 columns). */
export const HELP = `Usage: service-endpoint [options] [METHOD] URL [item ...]

Prints the request options (method, url, headers, body) built for a route. Sends nothing.
URL: a path after the base url (/users/{id}), a full url, or a host: example.org/x and
localhost:3000/x are http://…, :3000/x is http://localhost:3000/x. METHOD defaults to GET.

Items, split at the first separator (\\= \\: \\@ \\\\ put one in a name):
  key=value        id=1                       a string: fills {id}, else a query (GET) or body key
  key:=json        labels:='["bug"]'          a JSON value
  name==value      tag==a tag==b              a query parameter, for every method; repeatable
  Header:value     Authorization:"token abc"  a header
  key=@file        content=@notes.txt         a string from a file
  key:=@file.json  labels:=@labels.json       a JSON value from a file
  @file            @README.md                 the raw body
  key=\\@x is the text "@x". The keys method, url, baseUrl, headers, mediaType, data (the body)
  and request are options of the library, not parameters.
Without @file or a body item, a POST, PUT, PATCH or DELETE reads its body from standard input
when it is not a terminal (and says so after 2 s of waiting); a GET never does.

Options:
  --base-url URL        put URL before a path (default: $SERVICE_ENDPOINT_BASE_URL, else
                        https://api.service.example)
  -f, --form            send the key=value items form-urlencoded
  --content-type TYPE   the content-type of a raw body
  --curl                print a curl command that sends the request
  --fail                with --curl: make curl fail on an HTTP error status
  --fetch               print the fetch() call, as JavaScript
  --ignore-stdin        never read standard input
  --max-body-size SIZE  read at most SIZE bytes of files and standard input (default 64M)
  -v, --verbose         print the merged options to stderr first
  -h, --help            print this help
  --version             print the version
  --                    end of options

Ambiguous command lines are refused, never sent differently: the same name twice (but name==value),
a raw body beside parameters it would drop, name==value for a placeholder of the route.
Exit status: 0 printed, 1 the library refused the request, 2 bad usage.
`;
