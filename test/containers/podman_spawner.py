"""A JupyterHub spawner that starts each learner's server in a podman container of its own.

For the hub test (workbook-hub.slow.test.ts): the image is the workbook's, the learner's folder
/home/learner is a named volume of their own (kept between servers, seen by no other container),
and memory and processes are limited per learner. The server's port is published on 127.0.0.1
only, where the hub's proxy reaches it. A hub on Kubernetes does the same with KubeSpawner
(docs/jupyterhub.md).
"""

import asyncio

from jupyterhub.spawner import Spawner
from traitlets import Integer, List, Unicode, default


class PodmanSpawner(Spawner):
    image = Unicode(config=True, help="The image each learner's server runs.")
    podman = List(Unicode(), config=True, help="The podman command (a wrapper with its configuration).")
    name_prefix = Unicode("workbook-hub-", config=True, help="Containers and volumes are named this plus the user.")
    pids_limit = Integer(512, config=True, help="The most processes a learner's container may hold.")

    @default("env_keep")
    def _env_keep_default(self):
        # The container's environment is the image's: the hub's PATH would hide the image's venv.
        return []

    @property
    def container_name(self):
        return f"{self.name_prefix}{self.user.name}"

    async def _podman(self, *args):
        process = await asyncio.create_subprocess_exec(
            *self.podman, *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
        )
        out, err = await process.communicate()
        return process.returncode, out.decode(), err.decode()

    async def start(self):
        await self._podman("rm", "-f", self.container_name)
        args = [
            "run", "-d", "--name", self.container_name,
            "-v", f"{self.container_name}:/home/learner",
            "-p", "127.0.0.1::8888",
            "--pids-limit", str(self.pids_limit),
        ]
        if self.mem_limit:
            args += ["--memory", str(self.mem_limit)]
        if self.cpu_limit:
            args += ["--cpus", str(self.cpu_limit)]
        for key, value in self.get_env().items():
            args += ["-e", f"{key}={value}"]
        args += [self.image, *self.cmd, *self.get_args()]
        status, out, err = await self._podman(*args)
        if status != 0:
            raise RuntimeError(f"podman run for {self.user.name} exited {status}: {err.strip()}")
        status, out, err = await self._podman("port", self.container_name, "8888")
        if status != 0:
            raise RuntimeError(f"podman port for {self.user.name} exited {status}: {err.strip()}")
        host, port = out.strip().splitlines()[0].rsplit(":", 1)
        return (host, int(port))

    async def poll(self):
        status, out, _ = await self._podman("inspect", "-f", "{{.State.Running}}", self.container_name)
        return None if status == 0 and out.strip() == "true" else 1

    async def stop(self, now=False):
        await self._podman("stop", "-t", "5", self.container_name)
        await self._podman("rm", "-f", self.container_name)
