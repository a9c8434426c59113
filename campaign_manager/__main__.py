import sys

from campaign_manager.launcher import main

sys.exit(main())
