"""A tiny Ray Serve app for RayKube's e2e and contract tests: pure Python, no dependency beyond ray[serve].

Import paths (the head needs this directory on PYTHONPATH):
  raykube_serve_app:app     answers "hello from raykube v1" (or "<greeting> from raykube v1" with
                            user_config {"greeting": ...}: a config change that is live without a redeploy of code)
  raykube_serve_app:app_v2  answers "hello from raykube v2" (the same, from another build: a changed import path)

Replicas ask for no CPU, so that several apps fit on a test head started with --num-cpus=1.
"""
from ray import serve


@serve.deployment(ray_actor_options={"num_cpus": 0})
class Greeter:
    def __init__(self, version: str = "v1"):
        self._version = version
        self._greeting = "hello"

    def reconfigure(self, config: dict):
        self._greeting = str(config.get("greeting", "hello"))

    async def __call__(self, request) -> str:
        return f"{self._greeting} from raykube {self._version}"


app = Greeter.bind("v1")
app_v2 = Greeter.bind("v2")
