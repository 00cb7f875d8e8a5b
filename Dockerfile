# The app on CPU: docker build -t mtp-viz . && docker run -p 7860:7860 mtp-viz   (then open http://localhost:7860)
FROM python:3.12-slim

ENV PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    GRADIO_SERVER_NAME=0.0.0.0 \
    GRADIO_SERVER_PORT=7860 \
    GRADIO_ANALYTICS_ENABLED=False \
    TOKENIZERS_PARALLELISM=false \
    OMP_WAIT_POLICY=PASSIVE

RUN useradd --create-home --uid 1000 user
WORKDIR /home/user/app

# CPU-only torch first, so the pinned requirements do not pull the CUDA build
COPY requirements.txt .
RUN pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu \
 && pip install -r requirements.txt

COPY --chown=user:user . .
USER user
EXPOSE 7860
CMD ["python", "app.py"]
