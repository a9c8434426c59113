"""The package list, which pyproject.toml alone cannot say: the code in campaign_manager/, and
the data people edit at the top of the checkout (resources/, forms/, installer/linux/) shipped
inside it as campaign_manager.resources, campaign_manager.forms and
campaign_manager.resources.linux. Everything else is in pyproject.toml."""

from setuptools import find_namespace_packages, setup

DATA = {"campaign_manager.resources": "resources", "campaign_manager.forms": "forms"}
# The Linux desktop's files, for `campaign-manager --install-desktop` (paths.linux_desktop_files).
DESKTOP = {"campaign_manager.resources.linux": "installer/linux"}
SKIP = ["*__pycache__*"]

code = find_namespace_packages(include=["campaign_manager", "campaign_manager.*"], exclude=SKIP)
data = [
    f"{package}.{sub}" if sub else package
    for package, folder in DATA.items()
    for sub in ["", *find_namespace_packages(where=folder, exclude=SKIP)]
]
setup(
    packages=[*code, *data, *DESKTOP],
    package_dir={package: folder for package, folder in {**DATA, **DESKTOP}.items()},
    # the standard licence texts beside the module that reads them (campaign_manager/licences/), and
    # the compiled translations beside campaign_manager/i18n.py (docs/translation.md)
    package_data={
        **{package: ["*"] for package in [*data, *DESKTOP]},
        "campaign_manager.licences.texts": ["*"],
        **{package: ["*.mo"] for package in code if package.startswith("campaign_manager.locale.")},
    },
    exclude_package_data={"": ["*.pyc"]},
)
