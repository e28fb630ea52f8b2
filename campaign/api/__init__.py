"""The campaign REST API (Django REST framework), a module per subject (`campaigns`, `warbands`,
`games`, `postgames`, `league`), each with its serializers beside its views; `common` what they
share, `urls` the routes. Views call one service each; the error bodies are core.api_errors."""
